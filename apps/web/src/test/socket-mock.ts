/**
 * A stand-in for socket.io-client (mocked for every test in setup.ts): `io()` records a
 * FakeSocket that never touches the network. Tests drive it from the server's side
 * (`serverConnect`, `serverEmit`, `serverRefuse`) and read what the client sent in `emitted`.
 */
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  readonly options: Record<string, unknown>;
  connected = false;
  /** As in socket.io: false once closed, or after the server refused the handshake. */
  active = true;
  closed = false;
  /** What the client did, in order: emitted events by name, and "close". */
  readonly log: string[] = [];
  readonly emitted: { event: string; args: unknown[] }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(options: Record<string, unknown>) {
    this.options = options;
  }

  on(event: string, listener: Listener) {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  off(event?: string, listener?: Listener) {
    if (event === undefined) this.listeners.clear();
    else if (listener === undefined) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    this.log.push(event);
    return this;
  }

  close() {
    const wasConnected = this.connected;
    this.connected = false;
    this.active = false;
    this.closed = true;
    this.log.push("close");
    if (wasConnected) this.fire("disconnect", "io client disconnect");
    return this;
  }

  disconnect() {
    return this.close();
  }

  /** The calls of one event the client emitted, with their arguments. */
  emitsOf(event: string) {
    return this.emitted.filter((entry) => entry.event === event).map((entry) => entry.args);
  }

  // ---- the server's side

  serverConnect() {
    this.connected = true;
    this.active = true;
    this.fire("connect");
  }

  /** Answers the last `event` the client sent with an acknowledgement callback. */
  acknowledge(event: string, ...response: unknown[]) {
    const args = this.emitsOf(event).at(-1);
    const ack = args?.at(-1);
    if (typeof ack !== "function") throw new Error(`No acknowledgement asked for ${event}`);
    ack(...response);
  }

  serverEmit(event: string, ...args: unknown[]) {
    this.fire(event, ...args);
  }

  /** A refused handshake: socket.io then stops trying (`active` false). */
  serverRefuse(message = "Invalid or expired token. Please login again.") {
    this.connected = false;
    this.active = false;
    this.fire("connect_error", new Error(message));
  }

  /** The network dropped; socket.io retries by itself (`active` stays true). */
  serverDrop() {
    this.connected = false;
    this.fire("disconnect", "transport close");
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

/** Every socket opened since the last test, oldest first. */
export const sockets: FakeSocket[] = [];

export function io(
  uriOrOptions?: string | Record<string, unknown>,
  options?: Record<string, unknown>,
) {
  const socket = new FakeSocket(
    typeof uriOrOptions === "object" ? uriOrOptions : { uri: uriOrOptions, ...options },
  );
  sockets.push(socket);
  return socket;
}

export function resetSockets() {
  sockets.length = 0;
}
