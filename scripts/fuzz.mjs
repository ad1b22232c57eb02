// `npm run fuzz`: the contract fuzzer for longer, with a random seed (or FUZZ_SEED), printed
// first so a failure can be replayed: FUZZ_SEED=<seed> npm run fuzz.
import { spawnSync } from "node:child_process";

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? "200";
console.log(`contract fuzz: seed ${seed}, ${runs} runs per operation`);
const result = spawnSync("npx", ["vitest", "run", "--project", "api", "src/test/fuzz"], {
  stdio: "inherit",
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
});
if (result.status !== 0) console.log(`contract fuzz failed with seed ${seed}`);
process.exit(result.status ?? 1);
