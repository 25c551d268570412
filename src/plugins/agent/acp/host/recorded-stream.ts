import type { AnyMessage, Stream } from "@agentclientprotocol/sdk";
import type { JsonRpcMessage } from "../record.js";

/**
 * The SDK's message stream with every message written to the record on its way: an incoming one
 * before the SDK handles it, an outgoing one before it is sent. The record therefore holds each
 * message in the order the host saw it, also a question the host has not answered yet.
 */
export function recordedStream(
  inner: Stream,
  record: (dir: "in" | "out", msg: JsonRpcMessage) => void,
): Stream {
  const readable = inner.readable.pipeThrough(
    new TransformStream<AnyMessage, AnyMessage>({
      transform(msg, controller) {
        record("in", msg as JsonRpcMessage);
        controller.enqueue(msg);
      },
    }),
  );
  const writer = inner.writable.getWriter();
  const writable = new WritableStream<AnyMessage>({
    async write(msg) {
      record("out", msg as JsonRpcMessage);
      await writer.write(msg);
    },
    close: () => writer.close(),
    abort: (reason) => writer.abort(reason),
  });
  return { readable, writable };
}
