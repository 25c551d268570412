// The page's program sees the DOM, not Node. Two names it still meets:
// - the wire types (src/web/api/types.ts) reach core's slot types, one of which mentions Buffer in a
//   signature the page never calls; for the page it is bytes;
// - `import "./style.css"`: esbuild bundles the stylesheet into dist/web/app.css.
type Buffer = Uint8Array;
declare module "*.css";
