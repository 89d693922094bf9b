// Prelude of the docs' fragments that use an agent (`<!-- sample: prelude agent -->`): the kernel prelude's names and `agent`.
import { z } from 'zod';
import { createAgent, createKernel, defineAgent, defineConfig, getSessionMessages, listCheckpoints, listSessions, pruneSessions, rewindSession, type Agent, type Kernel } from 'codev';
declare const kernel: Kernel;
declare const agent: Agent;
declare const id: string;
declare const messageUuid: string;
declare const cwd: string;
