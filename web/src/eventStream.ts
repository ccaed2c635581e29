// Server-sent events read with fetch: the parser the API's streams share, and EventStream,
// a stream that reconnects by itself like the browser's EventSource. EventSource cannot send
// headers, so a seat's token had to go in the address, where proxies log it; this sends it
// as `Authorization: Bearer` (docs/api.md).

export interface ServerSentEvent {
  name: string; // "message" unless the event names itself
  data: string;
  id: string | null; // the last event id seen so far in the stream, if any
}

// The events of a text/event-stream body as they arrive (the format of the HTML standard:
// fields "event", "data", "id" and "retry"; lines starting with ':' are comments).
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onRetry: (ms: number) => void = () => {},
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let id: string | null = null;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let boundary: number;
      while ((boundary = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        let name = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') name = value;
          else if (field === 'data') data.push(value);
          else if (field === 'id' && !value.includes('\0')) id = value;
          else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
        }
        if (data.length) yield { name, data: data.join('\n'), id };
      }
    }
  } finally {
    reader.releaseLock();
  }
}

// open: the stream is there; reconnecting: it broke off and is asked for again (as an
// EventSource in CONNECTING); closed: the server refused it (not 200 and an event stream), so
// it is not asked for again (an EventSource's CLOSED).
export type StreamState = 'open' | 'reconnecting' | 'closed';

const DEFAULT_RETRY_MS = 3000; // browsers' usual EventSource reconnection time

export class EventStream {
  private readonly abort = new AbortController();
  private lastEventId: string | null = null;
  private retryMs = DEFAULT_RETRY_MS;
  private state: StreamState | 'connecting' = 'connecting';

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly listener: {
      onState(state: StreamState): void;
      onEvent(event: ServerSentEvent): void;
    },
  ) {
    void this.run();
  }

  get closed(): boolean {
    return this.state === 'closed' || this.abort.signal.aborted;
  }

  close(): void {
    this.abort.abort();
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    while (!signal.aborted) {
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream' };
        if (this.token) headers.Authorization = `Bearer ${this.token}`;
        // As an EventSource does: the server may carry on from the last event seen.
        if (this.lastEventId !== null) headers['Last-Event-ID'] = this.lastEventId;
        const response = await fetch(this.url, { headers, cache: 'no-store', signal });
        if (!response.ok || !response.body || !(response.headers.get('Content-Type') ?? '').startsWith('text/event-stream')) {
          await response.body?.cancel().catch(() => {});
          return this.report('closed');
        }
        this.report('open');
        for await (const event of readServerSentEvents(response.body, (ms) => (this.retryMs = ms))) {
          if (signal.aborted) return;
          this.lastEventId = event.id;
          this.listener.onEvent(event);
        }
      } catch {
        // a network error or the stream breaking off: asked for again below
      }
      if (signal.aborted) return;
      this.report('reconnecting');
      await new Promise<void>((resolve) => {
        const stop = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          signal.removeEventListener('abort', stop);
          resolve();
        }, this.retryMs);
        signal.addEventListener('abort', stop, { once: true });
      });
    }
  }

  private report(state: StreamState): void {
    if (this.abort.signal.aborted) return;
    this.state = state;
    this.listener.onState(state);
  }
}
