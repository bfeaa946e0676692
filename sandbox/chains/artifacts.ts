/** Reads the committed contract artifacts (see `sandbox/compile.ts`). */
import { readFileSync } from 'node:fs';
import type { Hex } from 'viem';

export type DeployableContract =
  | 'SandboxToken'
  | 'SwiftTokenTransferProxy'
  | 'SwiftRouter'
  | 'HoplineFeeCollector'
  | 'HoplineRouter'
  | 'SlowlaneBridge'
  | 'LiquidityVault'
  | 'DepositReceiver'
  | 'BatchExecutor'
  | 'SandboxPermit2'
  | 'SandboxCollectible';

const cache = new Map<DeployableContract, Hex>();

export function bytecodeOf(name: DeployableContract): Hex {
  let bytecode = cache.get(name);
  if (!bytecode) {
    const url = new URL(`../artifacts/${name}.json`, import.meta.url);
    const artifact = JSON.parse(readFileSync(url, 'utf8')) as { bytecode: Hex };
    bytecode = artifact.bytecode;
    cache.set(name, bytecode);
  }
  return bytecode;
}
