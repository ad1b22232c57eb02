import { type Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { SQLWrapper } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";

/** PGCOPY\n\377\r\n\0: the first bytes of every binary COPY. */
const SIGNATURE = Buffer.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]);
const EMPTY = Buffer.alloc(0);

type Part = "header" | "extension" | "fieldCount" | "length";

/**
 * The values of a one-column `COPY … TO STDOUT (FORMAT binary)`, back to back: each row's bytes
 * as the database wrote them, whatever the chunk boundaries. Binary, because the text format
 * escapes line breaks and tabs that a CSV line legitimately holds.
 */
export class CopyValues extends Transform {
  #part: Part | "value" | "done" = "header";
  #need = SIGNATURE.length + 8;
  #held: Buffer = EMPTY;
  #valueLeft = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const out: Buffer[] = [];
    let at = 0;
    try {
      while (at < chunk.length && this.#part !== "done") {
        if (this.#part === "value") {
          const n = Math.min(this.#valueLeft, chunk.length - at);
          out.push(chunk.subarray(at, at + n));
          at += n;
          this.#valueLeft -= n;
          if (this.#valueLeft === 0) this.#expect("fieldCount", 2);
          continue;
        }
        const n = Math.min(this.#need - this.#held.length, chunk.length - at);
        const piece = chunk.subarray(at, at + n);
        this.#held = this.#held.length === 0 ? piece : Buffer.concat([this.#held, piece]);
        at += n;
        if (this.#held.length < this.#need) break;
        const whole = this.#held;
        this.#held = EMPTY;
        this.#decode(this.#part, whole);
      }
    } catch (error) {
      callback(error as Error);
      return;
    }
    if (out.length > 0) this.push(out.length === 1 ? out[0] : Buffer.concat(out));
    callback();
  }

  override _flush(callback: TransformCallback) {
    callback(this.#part === "done" ? undefined : new Error("The COPY output ended early"));
  }

  #expect(part: Part, bytes: number) {
    this.#part = part;
    this.#need = bytes;
  }

  #decode(part: Part, bytes: Buffer) {
    switch (part) {
      case "header": {
        if (!bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
          throw new Error("Not a binary COPY");
        }
        const extension = bytes.readUInt32BE(SIGNATURE.length + 4);
        if (extension > 0) this.#expect("extension", extension);
        else this.#expect("fieldCount", 2);
        return;
      }
      case "extension":
        this.#expect("fieldCount", 2);
        return;
      case "fieldCount": {
        const fields = bytes.readInt16BE(0);
        if (fields === -1) this.#part = "done";
        else if (fields !== 1) throw new Error(`Expected one column, got ${fields}`);
        else this.#expect("length", 4);
        return;
      }
      case "length": {
        const length = bytes.readInt32BE(0);
        // -1 is NULL and 0 an empty text: nothing to pass on.
        if (length <= 0) this.#expect("fieldCount", 2);
        else {
          this.#part = "value";
          this.#valueLeft = length;
        }
        return;
      }
    }
  }
}

/**
 * Streams the values of a one-column query over a connection of its own, which goes back to the
 * pool when the COPY ends, and is closed if the reader stops half-way (a connection in the
 * middle of a COPY cannot run anything else). COPY takes no bind parameters, so the query's are
 * written into it as literals by Drizzle.
 */
export function createCopyValues(pool: pg.Pool, casing: "snake_case") {
  const dialect = new PgDialect({ casing });
  return async (query: SQLWrapper): Promise<Readable> => {
    const { sql } = dialect.sqlToQuery(query.getSQL().inlineParams());
    const client = await pool.connect();
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      client.release(error);
    };
    const source = client.query(copyTo(`COPY (${sql}) TO STDOUT (FORMAT binary)`));
    source.once("end", () => release());
    const values = new CopyValues();
    pipeline(source, values).catch((error: Error) => release(error));
    return values;
  };
}
