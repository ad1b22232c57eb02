import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from ".";
import { CopyValues } from "./copy";

/** A binary COPY of one text column, as PostgreSQL writes it. */
function binaryCopy(values: (string | null)[], extension = Buffer.alloc(0)): Buffer {
  const parts = [
    Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"),
    Buffer.from([0, 0, 0, 0]),
    Buffer.alloc(4),
    extension,
  ];
  parts[2]?.writeUInt32BE(extension.length);
  for (const value of values) {
    const count = Buffer.alloc(2);
    count.writeInt16BE(1);
    const length = Buffer.alloc(4);
    const bytes = value === null ? Buffer.alloc(0) : Buffer.from(value);
    length.writeInt32BE(value === null ? -1 : bytes.length);
    parts.push(count, length, bytes);
  }
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

async function decode(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(new CopyValues())) out.push(chunk);
  return Buffer.concat(out).toString();
}

const VALUES = ['"1 Jun, 2025","Gold\nPlus",$5.00\r\n', "", null, "Zoë\t\\x\r\n"];
const EXPECTED = VALUES.join("");

describe("CopyValues", () => {
  it("passes each value's bytes on, whatever the chunk boundaries", async () => {
    const whole = binaryCopy(VALUES, Buffer.from("ext"));
    expect(await decode([whole])).toBe(EXPECTED);
    for (let cut = 1; cut < whole.length; cut++) {
      expect(await decode([whole.subarray(0, cut), whole.subarray(cut)]), `cut at ${cut}`).toBe(
        EXPECTED,
      );
    }
    const bytes = [...whole].map((byte) => Buffer.from([byte]));
    expect(await decode(bytes)).toBe(EXPECTED);
  });

  it("fails on what is not a one-column binary COPY, or one cut short", async () => {
    await expect(decode([Buffer.from("id,line\n1,first line\n2,second\n")])).rejects.toThrow(
      "Not a binary COPY",
    );
    const whole = binaryCopy(["a", "b"]);
    await expect(decode([whole.subarray(0, whole.length - 3)])).rejects.toThrow("ended early");
    const twoColumns = Buffer.from(whole);
    twoColumns.writeInt16BE(2, 19);
    await expect(decode([twoColumns])).rejects.toThrow("Expected one column, got 2");
  });
});

// PostgreSQL only: PGlite has no COPY to stream from, and its callers read in batches.
describe.skipIf(!process.env.DATABASE_URL)("copyValues on PostgreSQL", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 });
  });
  afterAll(() => database.close());

  it("streams a query's values in order, line breaks, tabs and quotes kept", async () => {
    const copy = database.copyValues;
    if (!copy) throw new Error("copyValues is missing on PostgreSQL");
    const query = sql`select v || ${"!"} from (values (1, ${"a\r\nb"}), (2, ${"it's\t\\"}), (3, ${"Zoë"})) t(n, v) order by n desc`;
    const out: Buffer[] = [];
    for await (const chunk of await copy(query)) out.push(chunk);
    expect(Buffer.concat(out).toString()).toBe("Zoë!it's\t\\!a\r\nb!");
  });

  it("gives the connection back after a reader stops half-way", async () => {
    const copy = database.copyValues;
    if (!copy) throw new Error("copyValues is missing on PostgreSQL");
    // Both pooled connections are used by abandoned copies, then the pool must still answer.
    for (let i = 0; i < 3; i++) {
      const stream = await copy(sql`select repeat('x', 1000) from generate_series(1, 100000)`);
      for await (const _ of stream) break;
    }
    const result = (await database.db.execute(sql`select 1 as one`)) as unknown as {
      rows: { one: number }[];
    };
    expect(result.rows).toEqual([{ one: 1 }]);
  });
});
