// account_info and the account commands whose answer, on a ledger of XRP only, is an empty list:
// account_lines, account_objects, account_currencies, account_channels, account_offers,
// account_nfts, gateway_balances; and deposit_authorized.
import { accountRoot } from "../ledger.ts";
import { apiVersion, type Handler, lookupLedger, requireAccountParam, RpcError, type SimContext } from "../rpc.ts";

function existingAccount(ctx: SimContext, params: Record<string, any>, name = "account") {
  const address = requireAccountParam(params, name);
  const ref = lookupLedger(ctx, params);
  const account = ctx.ledger.accounts.get(address);
  if (!account)
    throw new RpcError(
      name === "account" ? "actNotFound" : name === "source_account" ? "srcActNotFound" : "dstActNotFound",
      name === "account"
        ? "Account not found."
        : name === "source_account"
          ? "Source account not found."
          : "Destination account not found.",
      { account: address, ...ref.fields },
    );
  return { address, account, ref };
}

// rippled's AccountInfo.cpp
export const accountInfo: Handler = (ctx, params) => {
  const version = apiVersion(params);
  if (params.ident !== undefined && params.account === undefined) params = { ...params, account: params.ident };
  const { account, ref } = existingAccount(ctx, params);
  if (params.queue === true && !ref.open) throw new RpcError("invalidParams", "Invalid parameters.");
  if (version > 1 && params.signer_lists !== undefined && typeof params.signer_lists !== "boolean")
    throw new RpcError("invalidParams", "Invalid parameters.");
  const accountData = accountRoot(account);
  // the open ledger already holds the account's queued transactions
  if (ref.open) accountData.Sequence = ctx.ledger.currentSequence(account.address)!;
  const result: Record<string, unknown> = {
    account_data: accountData,
    account_flags: {
      defaultRipple: false,
      depositAuth: account.flags.depositAuth,
      disableMasterKey: false,
      disallowIncomingXRP: account.flags.disallowXRP,
      globalFreeze: false,
      noFreeze: false,
      passwordSpent: false,
      requireAuthorization: false,
      requireDestinationTag: account.flags.requireDestTag,
    },
    ...ref.fields,
  };
  // no SignerList can exist here
  if (params.signer_lists === true) {
    if (version === 1) accountData.signer_lists = [];
    else result.signer_lists = [];
  }
  if (params.queue === true) result.queue_data = { txn_count: 0 };
  return result;
};

const emptyList =
  (field: string | null, key: string, name = "account"): Handler =>
  (ctx, params) => {
    const { address, ref } = existingAccount(ctx, params, name);
    const result: Record<string, unknown> = { ...ref.fields };
    if (field) result[field] = address;
    result[key] = [];
    return result;
  };

export const accountLines = emptyList("account", "lines");
export const accountObjects = emptyList("account", "account_objects");
export const accountChannels = emptyList("account", "channels");
export const accountOffers = emptyList("account", "offers");
export const accountNfts = emptyList("account", "account_nfts");

export const accountCurrencies: Handler = (ctx, params) => {
  const { ref } = existingAccount(ctx, params);
  return { receive_currencies: [], send_currencies: [], ...ref.fields };
};

// An account with no trust lines has issued nothing and holds nothing but XRP.
export const gatewayBalances: Handler = (ctx, params) => {
  const { address, ref } = existingAccount(ctx, params);
  return { account: address, ...ref.fields };
};

// rippled's DepositAuthorized.cpp, without preauthorizations or credentials (none can exist here).
export const depositAuthorized: Handler = (ctx, params) => {
  const source = existingAccount(ctx, params, "source_account");
  const destination = existingAccount(ctx, params, "destination_account");
  const authorized = source.address === destination.address || !destination.account.flags.depositAuth;
  return {
    source_account: source.address,
    destination_account: destination.address,
    deposit_authorized: authorized,
    ...source.ref.fields,
  };
};
