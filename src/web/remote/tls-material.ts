import { X509Certificate, createPrivateKey } from "node:crypto";
import { chmod, mkdir, readFile, rename, rm } from "node:fs/promises";
import { isIP } from "node:net";
import { join } from "node:path";
import type { AoContext } from "../../core/context.js";
import { AoError, messageOf } from "../../core/errors.js";

/** What the HTTPS listener serves, and what a person compares on the new device. */
export interface TlsMaterial {
  readonly cert: string;
  readonly key: string;
  /** SHA-256 of the certificate (DER), `AB:CD:…`, as browsers show it. */
  readonly fingerprint: string;
  /** `generated` (ao's own, under AO_HOME/dashboard-tls) or `given` (--cert/--key). */
  readonly source: "generated" | "given";
  readonly certFile: string;
}

export interface TlsFiles {
  readonly certFile?: string | undefined;
  readonly keyFile?: string | undefined;
  /** Names and addresses the generated certificate is for (its subjectAltName). */
  readonly names: readonly string[];
}

/**
 * The certificate for `--listen`: the person's own (`--cert` and `--key`, checked to be a pair), or
 * one ao made earlier for this AO_HOME (kept, so the fingerprint a device trusted stays the same),
 * or a new self-signed one made with the system's `openssl` (an argument array, never a shell) in
 * a 0700 directory, its key 0600.
 */
export async function loadTlsMaterial(
  ctx: Pick<AoContext, "exec" | "paths">,
  files: TlsFiles,
): Promise<TlsMaterial> {
  if (files.certFile !== undefined || files.keyFile !== undefined) {
    if (files.certFile === undefined || files.keyFile === undefined)
      throw new AoError("E_USAGE", "--cert and --key go together", {
        hint: "give both (PEM files), or neither for a certificate ao makes",
      });
    return readPair(files.certFile, files.keyFile, "given");
  }
  const dir = join(ctx.paths.home, "dashboard-tls");
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  const kept = await readPair(certFile, keyFile, "generated").catch(() => undefined);
  if (kept !== undefined) return kept;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  await generate(ctx, dir, files.names);
  return readPair(certFile, keyFile, "generated");
}

async function generate(ctx: Pick<AoContext, "exec">, dir: string, names: readonly string[]): Promise<void> {
  const [cert, key] = [join(dir, "cert.pem.tmp"), join(dir, "key.pem.tmp")];
  const san = [...new Set(["127.0.0.1", "localhost", ...names])]
    .map((name) => (isIP(name) === 0 ? `DNS:${name}` : `IP:${name}`))
    .join(",");
  const args = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  args.push("-days", "825", "-subj", "/CN=ao dashboard", "-addext", `subjectAltName=${san}`);
  const result = await ctx.exec("openssl", [...args, "-keyout", key, "-out", cert], {
    reject: false,
    timeoutMs: 30_000,
  });
  if (result.failed) {
    await Promise.all([rm(cert, { force: true }), rm(key, { force: true })]);
    throw new AoError("E_EXEC_FAILED", `openssl could not make the dashboard's certificate in ${dir}`, {
      hint: result.notFound
        ? "install openssl, or give your own certificate: --cert <file> --key <file>"
        : `openssl said: ${result.stderr.trim().split("\n").slice(-2).join(" ")}`,
    });
  }
  await chmod(key, 0o600);
  await rename(key, join(dir, "key.pem"));
  await rename(cert, join(dir, "cert.pem"));
}

async function readPair(
  certFile: string,
  keyFile: string,
  source: TlsMaterial["source"],
): Promise<TlsMaterial> {
  const [cert, key] = await Promise.all([readPem(certFile), readPem(keyFile)]);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
    if (!x509.checkPrivateKey(createPrivateKey(key))) throw new Error("the key is not the certificate's");
  } catch (error) {
    throw new AoError(
      "E_USAGE",
      `${certFile} and ${keyFile} are not a certificate and its key: ${messageOf(error)}`,
      {
        hint: "give a PEM certificate and its PEM private key",
      },
    );
  }
  return { cert, key, fingerprint: x509.fingerprint256, source, certFile };
}

async function readPem(file: string): Promise<string> {
  return readFile(file, "utf8").catch((error: unknown) => {
    throw new AoError("E_USAGE", `cannot read ${file}: ${messageOf(error)}`, { hint: "check the path" });
  });
}
