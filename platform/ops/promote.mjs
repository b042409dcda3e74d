// pnpm promote <remote> [--reason "…"]: the remote's canary becomes current (see canary-command.mjs).
import { canaryCommand } from './canary-command.mjs';

await canaryCommand('promote');
