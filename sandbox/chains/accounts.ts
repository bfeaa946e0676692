/**
 * The well-known Hardhat development accounts (mnemonic "test test test test
 * test test test test test test test junk"). Their keys are public: they are
 * only ever funded on the sandbox's local chains.
 */
import type { Address, Hex } from 'viem';

/** The mnemonic the accounts below derive from (anvil's and Hardhat's default; anvil is started with it explicitly). */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

export interface DevAccount {
  index: number;
  address: Address;
  privateKey: Hex;
}

const HARDHAT_ACCOUNTS: readonly DevAccount[] = [
  ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'],
  ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'],
  ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'],
  ['0x90F79bf6EB2c4f870365E785982E1f101E93b906', '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6'],
  ['0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a'],
  ['0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc', '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'],
  ['0x976EA74026E726554dB657fA54763abd0C3a0aa9', '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e'],
  ['0x14dC79964da2C08b23698B3D3cc7Ca32193d9955', '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356'],
  ['0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f', '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97'],
  ['0xa0Ee7A142d267C1f36714E4a8F75612F20a79720', '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'],
  ['0xBcd4042DE499D14e55001CcbB24a551F3b954096', '0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897'],
].map(([address, privateKey], index) => ({ index, address: address as Address, privateKey: privateKey as Hex }));

function account(index: number): DevAccount {
  const found = HARDHAT_ACCOUNTS[index];
  if (!found) throw new Error(`no Hardhat account #${index}`);
  return found;
}

/** The bridging user in demos and the main end-to-end test (Hardhat #0). */
export const USER_ACCOUNT = account(0);
/** Relayer that releases on destinations and refunds on sources (Hardhat #1). */
export const OPERATOR_ACCOUNT = account(1);
/** More funded users so parallel tests never share nonces or balances (Hardhat #2..#5). */
export const EXTRA_USER_ACCOUNTS: readonly DevAccount[] = [account(2), account(3), account(4), account(5)];
/** Funded like a user but on the default AML list: quotes for it are refused (Hardhat #6). */
export const FLAGGED_ACCOUNT = account(6);
/**
 * Receives the tokens of the `drain-calldata` hostile route (Hardhat #7): an
 * EOA that holds no sandbox tokens, is no user's and no contract, so a drain
 * that lands shows as its balance going up.
 */
export const ATTACKER_ACCOUNT = account(7);
/** Deploys contracts and mints tokens; one per chain so contract addresses differ between chains (Hardhat #8, #9). */
export const DEPLOYER_ACCOUNTS = { sepolia: account(8), baseSepolia: account(9) } as const;
/** The phone wallet's account (Hardhat mnemonic #10): a wallet on another device, through WalletConnect (../walletconnect/). */
export const PHONE_ACCOUNT = account(10);

export const ALL_DEV_ACCOUNTS: readonly DevAccount[] = HARDHAT_ACCOUNTS;
/** Accounts that receive sandbox tokens at startup. */
export const TOKEN_HOLDERS: readonly DevAccount[] = [USER_ACCOUNT, ...EXTRA_USER_ACCOUNTS, FLAGGED_ACCOUNT, PHONE_ACCOUNT];
