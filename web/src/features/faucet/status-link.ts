// A request's shareable status link: the faucet page looking up its address, scrolled to it. Anyone
// may look an address up (docs/decisions.md), so the link shows nothing its holder could not ask.
export const statusPath = (address: string, id: number) =>
  `/faucet?lookup=${encodeURIComponent(address)}#request-${id}`;

// The address this browser last asked for (the home page's "next claim in" for a returning visitor).
const LAST_ADDRESS = "faucet:last-address";
export const rememberAddress = (address: string) => {
  try {
    localStorage.setItem(LAST_ADDRESS, address);
  } catch {
    // storage refused (private mode): the home page then shows no countdown
  }
};
export const rememberedAddress = (): string | null => {
  try {
    return localStorage.getItem(LAST_ADDRESS);
  } catch {
    return null;
  }
};
