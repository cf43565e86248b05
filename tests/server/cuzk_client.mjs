// An independent cuzk.v1 client: @grpc/grpc-js with the service generated at
// run time (@grpc/proto-loader) from the repository's proto/cuzk/v1/proving.proto.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';

const here = path.dirname(fileURLToPath(import.meta.url));
export const PROTO = path.resolve(here, '../../proto/cuzk/v1/proving.proto');

const def = protoLoader.loadSync(PROTO, {
  keepCase: true, longs: String, enums: String, defaults: true, oneofs: true,
});
export const pkg = grpc.loadPackageDefinition(def).cuzk.v1;
export { grpc };

// Curio's client options: 256 MiB each way.
const OPTS = {
  'grpc.max_send_message_length': 256 << 20,
  'grpc.max_receive_message_length': 256 << 20,
};

export function connect(addr, token) {
  let creds = grpc.credentials.createInsecure();
  const c = new pkg.ProvingEngine(addr, creds, OPTS);
  c.meta = () => {
    const m = new grpc.Metadata();
    if (token) m.add('authorization', `Bearer ${token}`);
    return m;
  };
  return c;
}

// Promise form of a unary call; rejects with the gRPC error (err.code, err.details).
export function call(client, method, req, opts = {}) {
  return new Promise((resolve, reject) => {
    const o = {};
    if (opts.deadlineMs) o.deadline = new Date(Date.now() + opts.deadlineMs);
    const h = client[method](req, client.meta(), o, (err, resp) => (err ? reject(err) : resolve(resp)));
    if (opts.onCall) opts.onCall(h);
  });
}

// A raw unary call: request bytes as given (for malformed protobuf), reply bytes back.
export function rawCall(client, fullMethod, bytes, opts = {}) {
  return new Promise((resolve, reject) => {
    const o = {};
    if (opts.deadlineMs) o.deadline = new Date(Date.now() + opts.deadlineMs);
    client.makeUnaryRequest(fullMethod, (b) => b, (b) => b, bytes, client.meta(), o,
      (err, resp) => (err ? reject(err) : resolve(resp)));
  });
}

// grpc.health.v1.Health/Check, encoded by hand: HealthCheckRequest{service=1}.
export async function healthCheck(client, service = '') {
  const s = Buffer.from(service, 'utf8');
  const req = s.length ? Buffer.concat([Buffer.from([0x0a, s.length]), s]) : Buffer.alloc(0);
  const resp = await rawCall(client, '/grpc.health.v1.Health/Check', req);
  // HealthCheckResponse{status=1}: 0x08 <varint>
  return resp.length === 2 && resp[0] === 0x08 ? resp[1] : -1;
}

export const CODES = grpc.status;
