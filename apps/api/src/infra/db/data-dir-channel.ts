import { createHash } from "node:crypto";
import { unlinkSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * The embedded database's data folder may be open in one process only: two PGlite instances
 * writing the same files would corrupt them. The process that opens it listens on a Unix socket
 * named after the folder, which serves two purposes:
 * - a lock: a second process finds the socket answering and refuses to open the folder (a
 *   socket left by a crash does not answer, and is replaced);
 * - a command channel: `npm run db:backup` asks the running instance for a consistent copy
 *   instead of reading files another process is writing.
 */

/** Unix socket paths are limited to about 100 bytes; long data folders use a hashed name. */
export function channelPath(dataDir: string): string {
  const direct = join(resolve(dataDir), "control.sock");
  if (Buffer.byteLength(direct) < 100) return direct;
  const hash = createHash("sha256").update(resolve(dataDir)).digest("hex").slice(0, 20);
  return join(tmpdir(), `tessera-${hash}.sock`);
}

export class DataDirBusyError extends Error {
  constructor(dataDir: string) {
    super(
      `The data folder ${resolve(dataDir)} is in use by another Tessera process. Stop it first, or use a different DATA_DIR.`,
    );
    this.name = "DataDirBusyError";
  }
}

/** Commands the holder answers: the bytes of the answer, streamed, then the socket ends. */
export type ChannelHandlers = {
  backup: () => Promise<Uint8Array>;
};

/** Connects to the folder's channel; null when nobody holds the folder. */
function connectTo(path: string): Promise<import("node:net").Socket | null> {
  return new Promise((resolveSocket) => {
    const socket = createConnection(path);
    socket.once("connect", () => resolveSocket(socket));
    socket.once("error", () => resolveSocket(null));
  });
}

/** Takes the folder for this process; throws DataDirBusyError when another process has it. */
export async function holdDataDir(
  dataDir: string,
  handlers: ChannelHandlers,
): Promise<{ release: () => Promise<void> }> {
  const path = channelPath(dataDir);
  const other = await connectTo(path);
  if (other) {
    other.destroy();
    throw new DataDirBusyError(dataDir);
  }
  // Nobody answered: whatever socket file is there was left by a process that ended.
  try {
    unlinkSync(path);
  } catch {}
  const server: Server = createServer((socket) => {
    socket.on("error", () => {});
    socket.once("data", (chunk) => {
      const command = chunk.toString("utf8").trim();
      if (command !== "backup") {
        socket.end("ERR unknown command\n");
        return;
      }
      handlers.backup().then(
        (bytes) => {
          socket.write("OK\n");
          socket.end(bytes);
        },
        (error: unknown) => socket.end(`ERR ${String((error as Error)?.message ?? error)}\n`),
      );
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new DataDirBusyError(dataDir) : error),
    );
    server.listen(path, () => resolveListen());
  });
  // The socket must not keep a process alive that has nothing else to do (CLIs, tests).
  server.unref();
  return {
    release: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        try {
          unlinkSync(path);
        } catch {}
      }),
  };
}

/**
 * Asks the process holding the folder for a backup. Returns its bytes, or null when no process
 * holds the folder (then the caller may open it itself).
 */
export async function requestBackup(dataDir: string): Promise<Uint8Array | null> {
  const socket = await connectTo(channelPath(dataDir));
  if (!socket) return null;
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  await new Promise<void>((resolveEnd, reject) => {
    socket.once("end", () => resolveEnd());
    socket.once("error", reject);
    socket.write("backup\n");
  });
  const answer = Buffer.concat(chunks);
  const newline = answer.indexOf(10);
  const status = answer.subarray(0, newline).toString("utf8");
  if (status !== "OK") {
    throw new Error(
      `The running instance could not make the backup: ${status.replace(/^ERR /, "")}`,
    );
  }
  return answer.subarray(newline + 1);
}
