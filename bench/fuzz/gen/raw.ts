/**
 * Malformed HTTP on a raw socket: broken request lines, versions the server
 * may not speak, huge and many headers, bad line endings, duplicate or
 * conflicting Content-Length and Transfer-Encoding, bad chunking, smuggling
 * shapes. Bodies are always invalid requests, so whichever framing the server
 * believes, nothing may be stored. A silent close or no answer is an outcome
 * here (reported), not a failure; 5xx, a 4xx off the documented shape, a crash
 * or a state change are.
 */
import fc from 'fast-check';
import type { Seg } from '../cases.js';
import type { CaseDraft } from './common.js';

const BAD_BODY = '{"perils":[],"events":[]}';

interface Target {
  path: string;
  keyed: boolean;
}

function request(t: Target, lines: string[], eol = '\r\n'): string {
  return lines.join(eol) + eol + eol;
}

const keyLine = (t: Target): string[] => (t.keyed ? ['X-API-Key: {{KEY}}'] : []);

type Family = (t: Target) => fc.Arbitrary<{ kind: string; method: string; bytes: Seg[] }>;

const families: Family[] = [
  () => fc.uint8Array({ minLength: 1, maxLength: 300 }).map((a) => ({ kind: 'garbage-bytes', method: '?', bytes: [{ hex: Buffer.from(a).toString('hex') }, '\r\n\r\n'] })),
  () => fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }).map((s) => ({ kind: 'garbage-line', method: '?', bytes: [`${s}\r\n\r\n`] })),
  (t) => fc.constantFrom('HTTP/1.0', 'HTTP/0.9', 'HTTP/2.0', 'HTTP/1.2', 'HTTP/9.9', 'http/1.1', 'HTTP/1.1x', 'HTTP/', 'HTTPS/1.1', '').map((v) => ({ kind: `version:${v || 'none'}`, method: 'GET', bytes: [request(t, [`GET ${t.path} ${v}`.trimEnd(), 'Host: x', ...keyLine(t)])] })),
  () => fc.constant({ kind: 'h2-preface', method: 'PRI', bytes: ['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'] }),
  (t) => fc.integer({ min: 8 * 1024, max: 1024 * 1024 }).map((n) => ({ kind: 'huge-header', method: 'GET', bytes: [`GET ${t.path} HTTP/1.1\r\nHost: x\r\n${keyLine(t).map((l) => `${l}\r\n`).join('')}X-Big: `, { repeat: 'a', times: n }, '\r\n\r\n'] })),
  (t) => fc.integer({ min: 100, max: 5000 }).map((n) => ({ kind: 'many-headers', method: 'GET', bytes: [`GET ${t.path} HTTP/1.1\r\nHost: x\r\n`, { repeat: 'X-A: b\r\n', times: n }, '\r\n'] })),
  (t) => fc.integer({ min: 16 * 1024, max: 1024 * 1024 }).map((n) => ({ kind: 'long-url', method: 'GET', bytes: [`GET ${t.path}?q=`, { repeat: 'a', times: n }, ' HTTP/1.1\r\nHost: x\r\n\r\n'] })),
  (t) =>
    fc.constantFrom(
      ['header-no-colon', 'Host x'],
      ['obs-fold', 'X-A: 1\r\n  folded'],
      ['nul-in-value', 'X-A: a\u0000b'],
      ['nul-in-name', 'X-\u0000A: b'],
      ['space-before-colon', 'Host : x'],
      ['empty-name', ': x'],
      ['utf8-name', 'Ünï: x'],
      ['ctl-in-value', 'X-A: \u0001\u007f'],
      ['key-with-nul', 'X-API-Key: {{KEY}}\u0000'],
      ['bad-host', 'Host: a b'],
      ['two-hosts', 'Host: a\r\nHost: b'],
    ).map(([kind, line]) => ({ kind, method: 'GET', bytes: [request(t, [`GET ${t.path} HTTP/1.1`, 'Host: x', line!, ...keyLine(t)])] })),
  (t) => fc.constantFrom('\n', '\r', '\n\r').map((eol) => ({ kind: `line-ending:${JSON.stringify(eol)}`, method: 'GET', bytes: [request(t, [`GET ${t.path} HTTP/1.1`, 'Host: x', ...keyLine(t)], eol)] })),
  (t) =>
    fc.constantFrom<[string, string[]]>(
      ['dup-cl-same', [`Content-Length: ${BAD_BODY.length}`, `Content-Length: ${BAD_BODY.length}`]],
      ['dup-cl-different', ['Content-Length: 2', `Content-Length: ${BAD_BODY.length}`]],
      ['dup-cl-different-reversed', [`Content-Length: ${BAD_BODY.length}`, 'Content-Length: 2']],
      ['cl-list', [`Content-Length: ${BAD_BODY.length}, ${BAD_BODY.length}`]],
      ['cl-negative', ['Content-Length: -1']],
      ['cl-plus', [`Content-Length: +${BAD_BODY.length}`]],
      ['cl-hex', ['Content-Length: 0x19']],
      ['cl-huge', ['Content-Length: 99999999999999999999999']],
      ['cl-space', [`Content-Length: ${BAD_BODY.length} 1`]],
      ['cl-too-long', [`Content-Length: ${BAD_BODY.length + 50}`]],
      ['cl-and-te', [`Content-Length: ${BAD_BODY.length}`, 'Transfer-Encoding: chunked']],
      ['te-and-cl', ['Transfer-Encoding: chunked', `Content-Length: ${BAD_BODY.length}`]],
      ['te-gzip-chunked', ['Transfer-Encoding: gzip, chunked']],
      ['te-chunked-identity', ['Transfer-Encoding: chunked, identity']],
      ['te-xchunked', ['Transfer-Encoding: xchunked']],
      ['te-dup', ['Transfer-Encoding: chunked', 'Transfer-Encoding: chunked']],
      ['te-tab', ['Transfer-Encoding:\tchunked']],
    ).map(([kind, headers]) => ({ kind, method: 'POST', bytes: [request(t, [`POST ${t.path} HTTP/1.1`, 'Host: x', ...keyLine(t), 'Content-Type: application/json', ...headers]), BAD_BODY] })),
  (t) =>
    fc.constantFrom(['chunk-size-junk', 'zz\r\nabc\r\n0\r\n\r\n'], ['chunk-size-negative', '-1\r\nabc\r\n0\r\n\r\n'], ['chunk-size-huge', 'ffffffffffffffff\r\nabc\r\n0\r\n\r\n'], ['chunk-ext', `${BAD_BODY.length.toString(16)};ext="1"\r\n${BAD_BODY}\r\n0\r\n\r\n`], ['chunk-no-crlf', `${BAD_BODY.length.toString(16)}\r\n${BAD_BODY}0\r\n\r\n`], ['chunk-trailer', `${BAD_BODY.length.toString(16)}\r\n${BAD_BODY}\r\n0\r\nX-Trailer: 1\r\n\r\n`], ['chunk-unterminated', `${BAD_BODY.length.toString(16)}\r\n${BAD_BODY}\r\n`])
      .map(([kind, body]) => ({ kind: kind!, method: 'POST', bytes: [request(t, [`POST ${t.path} HTTP/1.1`, 'Host: x', ...keyLine(t), 'Transfer-Encoding: chunked']), body!] })),
  (t) =>
    fc.constant({
      kind: 'smuggle-cl-te',
      method: 'POST',
      bytes: [request(t, [`POST ${t.path} HTTP/1.1`, 'Host: x', ...keyLine(t), 'Content-Length: 4', 'Transfer-Encoding: chunked']), '5c\r\nGPOST /v1/in-depth/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\nx=1\r\n0\r\n\r\n'],
    }),
  (t) =>
    fc.constantFrom(
      ['absolute-form', `GET http://127.0.0.1${t.path} HTTP/1.1`],
      ['asterisk-form', 'OPTIONS * HTTP/1.1'],
      ['authority-form', 'CONNECT 127.0.0.1:80 HTTP/1.1'],
      ['extra-spaces', `GET  ${t.path}  HTTP/1.1`],
      ['tab-separated', `GET\t${t.path}\tHTTP/1.1`],
      ['no-target', 'GET HTTP/1.1'],
      ['relative-target', `GET ${t.path.slice(1)} HTTP/1.1`],
      ['space-in-target', `GET ${t.path} x HTTP/1.1`],
      ['fragment', `GET ${t.path}#frag HTTP/1.1`],
      ['backslash', `GET ${t.path.replace(/\//g, '\\')} HTTP/1.1`],
      ['utf8-target', `GET ${t.path}/é HTTP/1.1`],
      ['lowercase-method', `get ${t.path} HTTP/1.1`],
    ).map(([kind, line]) => ({ kind: kind!, method: kind === 'lowercase-method' ? 'GET' : '?', bytes: [request(t, [line!, 'Host: x', ...keyLine(t)])] })),
  (t) => fc.constantFrom('\r\n\r\n', '\r\n', ' ', '\u0000\u0000\u0000\u0000').map((s) => ({ kind: 'empty-request', method: '?', bytes: [s] })),
  (t) => fc.uint8Array({ minLength: 1, maxLength: 100 }).map((a) => ({ kind: 'pipelined-garbage', method: 'GET', bytes: [request(t, [`GET /health HTTP/1.1`, 'Host: x']), { hex: Buffer.from(a).toString('hex') }, '\r\n\r\n'] })),
  (t) => fc.constant({ kind: 'expect-continue-no-body', method: 'POST', bytes: [request(t, [`POST ${t.path} HTTP/1.1`, 'Host: x', ...keyLine(t), 'Expect: 100-continue', 'Content-Length: 10'])] }),
];

/** A raw malformed-HTTP case against one of `targets`. */
export function rawCase(targets: Target[]): fc.Arbitrary<CaseDraft> {
  return fc
    .tuple(fc.constantFrom(...targets), fc.integer({ min: 0, max: families.length - 1 }))
    .chain(([t, i]) => families[i]!(t))
    .map(({ kind, method, bytes }): CaseDraft => ({ route: 'raw http', kind, expect: 'any', lane: 'batch', raw: { method, bytes } }));
}
