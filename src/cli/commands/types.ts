/** What a command may touch: its output streams, stdin, the directory and the environment. */
export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}
