// @colyseus/schema 3.0.76 encodes a string of exactly 255 UTF-8 bytes with a length of 0:
// its "str 8" branch writes `length % 255` (upstream issue colyseus/schema#216). Every
// decoder then reads an empty string and takes the 255 bytes of text for field operations:
// the rest of that patch is garbled for everyone ("definition mismatch", "utf8Read invalid
// byte", wrong values), and a client that survives it holds a state the server never had.
// Any string field can hit it: an Auto Pets battle (a view part, 255 bytes in ~0.15% of
// battles as first sent, so ~1.5% of games), a card-table JSON part, a long name.
//
// The encoder looks primitive writers up on the exported `encode` table at each write, so
// replacing `encode.string` here fixes every room of this process. Installed once, when the
// hub's base state is imported; it replaces nothing if the library already encodes 255
// bytes correctly (a later schema version), so upgrading needs no change here.

import { encode } from "@colyseus/schema";

// No `Buffer` named here: the client type-checks the schema classes (client/net/wire.ts), and
// so this file, without Node's types. The library's own utf8Length is Buffer.byteLength on Node;
// what the writers write into is a Buffer, bytes by index.
type Bytes = { [index: number]: number };
type Iterator = { offset: number };
type StringWriter = (bytes: Bytes, value: string, it: Iterator) => number;
const utf8Write = encode.utf8Write as (bytes: Bytes, value: string, it: Iterator) => void;

/** The length prefix bytes the library writes for `value` (just the prefix). */
function prefixOf(write: StringWriter, value: string): number[] {
  const bytes = new Uint8Array(encode.utf8Length(value) + 8);
  write(bytes, value, { offset: 0 });
  return [bytes[0], bytes[1]];
}

/** True when the library writes a 255-byte string's length as 255 (0xd9 0xff). */
export function encodesLength255(write: StringWriter = encode.string as StringWriter): boolean {
  const [tag, length] = prefixOf(write, "x".repeat(255));
  return tag === 0xd9 && length === 255;
}

/** The library's own string writer, before any fix (tests show the bug with it). */
export const libraryStringWriter = encode.string as StringWriter;

/** msgpack "str 8" with the right length; every other size goes to the library's writer. */
const fixedString: StringWriter = (bytes, value, it) => {
  if (!value) value = "";
  const length = encode.utf8Length(value);
  if (length < 0x20 || length >= 0x100) return libraryStringWriter(bytes, value, it);
  bytes[it.offset++] = 0xd9;
  bytes[it.offset++] = length;
  utf8Write(bytes, value, it);
  return 2 + length;
};

/** Replaces the string writer if the library needs it; true when the fix is in place or not needed. */
export function installSchemaStringFix(): boolean {
  if (!encodesLength255()) (encode as unknown as { string: StringWriter }).string = fixedString;
  return encodesLength255();
}

installSchemaStringFix();
