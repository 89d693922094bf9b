// Prelude of the docs' fragments (`<!-- sample: prelude kernel -->`): the imports they use and the names they take as given.
import { z } from 'zod';
import { createAgent, createKernel, defineAgent, defineConfig, getSessionMessages, listCheckpoints, listSessions, pruneSessions, rewindSession, type Kernel } from 'codev';
declare const kernel: Kernel;
declare const id: string;
declare const messageUuid: string;
declare const cwd: string;
