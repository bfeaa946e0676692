/**
 * The sandbox's two chains by the names the tests use: `SRC` (Sepolia sandbox,
 * the usual source) and `DST` (Base Sepolia sandbox, the usual destination).
 * Their ids are defined once, in sandbox/chains/networks.ts.
 */
import { BASE_SEPOLIA_SANDBOX, SEPOLIA_SANDBOX } from '../../../sandbox/chains/networks.ts';

export const SRC = SEPOLIA_SANDBOX.chainId;
export const DST = BASE_SEPOLIA_SANDBOX.chainId;
