/**
 * type-check's baseline app: what both consumers type-check anyway (zod and Node's types, no SDK), so the bench can
 * say what each SDK's own types add on top of it.
 */
import { z } from 'zod';

const input = z.object({ message: z.string() });
const parsed = input.parse(JSON.parse(process.argv[2] ?? '{"message":"hi"}'));
console.log(parsed.message.toUpperCase());
