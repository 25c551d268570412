/**
 * Lets the terminal (xterm.js) style itself under the page's Content-Security-Policy, which admits
 * no inline style (docs/dashboard.md, "Terminal"). xterm's DOM renderer writes its stylesheets into
 * `<style>` elements it creates, and truecolour cells through `setAttribute("style", …)`; both are
 * refused without this, which left the pane in a proportional font, grey on black, lines overlapping.
 *
 * - A `<style>` made by `document.createElement` gets the nonce the server put in this answer's
 *   policy and on the page's stylesheet link (`<link nonce>`), before it is ever inserted.
 * - `setAttribute("style", text)` on an element becomes `element.style.cssText = text`: the same
 *   declarations through the CSSOM, which the policy does not govern.
 *
 * Neither opens anything to injected markup: the parser never calls these, and a script that runs
 * could already style any element through the CSSOM. Installed once per document; without a nonce
 * in the page (a page not served by the dashboard) only the second half applies.
 */
export function allowScriptMadeStyles(doc: Document): void {
  const marked = doc as Document & { aoScriptStyles?: true };
  if (marked.aoScriptStyles) return;
  marked.aoScriptStyles = true;
  const nonce = doc.querySelector<HTMLLinkElement>("link[nonce]")?.nonce ?? "";
  if (nonce !== "") stampStyleElements(doc, nonce);
  const view = doc.defaultView;
  if (view !== null) styleAttributesThroughCssom(view.Element.prototype);
}

function stampStyleElements(doc: Document, nonce: string): void {
  const create = doc.createElement.bind(doc);
  const stamped = (tag: string, options?: ElementCreationOptions): HTMLElement => {
    const element = create(tag, options);
    if (element instanceof HTMLStyleElement) element.setAttribute("nonce", nonce);
    return element;
  };
  doc.createElement = stamped;
}

function styleAttributesThroughCssom(prototype: Element): void {
  const setAttribute = prototype.setAttribute; // eslint-disable-line @typescript-eslint/unbound-method
  prototype.setAttribute = function (this: Element, name: string, value: string): void {
    const style = (this as Partial<ElementCSSInlineStyle>).style;
    if (name.toLowerCase() === "style" && style !== undefined) style.cssText = value;
    else setAttribute.call(this, name, value);
  };
}
