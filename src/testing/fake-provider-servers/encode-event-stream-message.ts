import { crc32 } from 'node:zlib';

const STRING_HEADER_TYPE = 7;
const PRELUDE_LENGTH = 12;
const CHECKSUM_LENGTH = 4;

/**
 * One message of AWS's binary event stream (`application/vnd.amazon.eventstream`), as Bedrock's
 * InvokeModelWithResponseStream sends it: a prelude (total length, headers length, both big-endian uint32) and its
 * CRC32, the headers (name length byte, name, type 7 = string, value length uint16, value), the payload, and the
 * CRC32 of everything before it. All headers are strings, the only type Bedrock's stream uses.
 */
export function encodeEventStreamMessage(headers: Record<string, string>, payload: Uint8Array): Buffer {
  const headerBytes = Buffer.concat(Object.entries(headers).map(([name, value]) => encodeHeader(name, value)));
  const totalLength = PRELUDE_LENGTH + headerBytes.length + payload.length + CHECKSUM_LENGTH;
  const message = Buffer.alloc(totalLength);
  message.writeUInt32BE(totalLength, 0);
  message.writeUInt32BE(headerBytes.length, 4);
  message.writeUInt32BE(crc32(message.subarray(0, 8)), 8);
  headerBytes.copy(message, PRELUDE_LENGTH);
  Buffer.from(payload).copy(message, PRELUDE_LENGTH + headerBytes.length);
  message.writeUInt32BE(crc32(message.subarray(0, totalLength - CHECKSUM_LENGTH)), totalLength - CHECKSUM_LENGTH);
  return message;
}

function encodeHeader(name: string, value: string): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const valueBytes = Buffer.from(value, 'utf8');
  const header = Buffer.alloc(1 + nameBytes.length + 1 + 2 + valueBytes.length);
  header.writeUInt8(nameBytes.length, 0);
  nameBytes.copy(header, 1);
  header.writeUInt8(STRING_HEADER_TYPE, 1 + nameBytes.length);
  header.writeUInt16BE(valueBytes.length, 2 + nameBytes.length);
  valueBytes.copy(header, 4 + nameBytes.length);
  return header;
}
