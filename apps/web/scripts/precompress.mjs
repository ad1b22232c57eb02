// Writes name.br and name.gz next to every text file of the build, so the server sends them by
// content negotiation (@fastify/static preCompressed) and never spends CPU compressing per request.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// Source maps are left out: only developer tools fetch them, and brotli 11 on megabytes is slow.
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;
// Below this a compressed copy saves less than the headers it costs.
const MIN_BYTES = 256;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

export async function precompress(dist) {
  let count = 0;
  const jobs = [];
  for await (const path of files(dist)) {
    if (!TEXT.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const raw = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gz(raw, { level: 9 }),
        ]);
        // A copy that is not smaller is not written: the server then falls back to the plain file.
        if (br.length < raw.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < raw.length) await writeFile(`${path}.gz`, gzipped);
        count++;
      })(),
    );
  }
  await Promise.all(jobs);
  return count;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = fileURLToPath(new URL("../dist", import.meta.url));
  const started = Date.now();
  const count = await precompress(dist);
  console.log(
    `precompressed ${count} files in ${relative(process.cwd(), dist) || "."} (${Date.now() - started} ms)`,
  );
}
