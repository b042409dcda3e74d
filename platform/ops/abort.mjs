// pnpm abort <remote> [--reason "…"]: the remote's canary is dropped (see canary-command.mjs).
import { canaryCommand } from './canary-command.mjs';

await canaryCommand('abort');
