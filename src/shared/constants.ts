/** Business constants and limits from SPEC section 9. */

export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export const STALE_TIME = {
  session: 300_000,
  prompts: 120_000,
  modules: 120_000,
  account: 120_000,
  threads: 120_000,
  moduleDetail: 120_000,
  commandCenter: 300_000,
} as const;

export const PAGE_SIZE = {
  threadMessages: 100,
  favorites: 20,
  dossierFirstPage: 20,
} as const;

export const SKELETON_COUNT = {
  dossierFolders: 8,
  dossierDocuments: 15,
  grid: 12,
  table: 25,
  prompts: 6,
  modules: 7,
  drafts: 5,
} as const;

export const MIN_PASSWORD_LENGTH = 8;
/** Longest password accepted; longer inputs only cost hashing time. */
export const MAX_PASSWORD_LENGTH = 256;
export const SEARCH_HISTORY_LIMIT = 5;

export const TOKEN_REFRESH_LEEWAY_MS = 2000;
export const NETWORK_RETRY_DELAYS_MS = [500, 2000] as const;
export const NETWORK_RETRY_JITTER_MS = 100;
export const LONG_DISCONNECT_MS = 60_000;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOOLTIP_ROOT_DELAY_MS = 100;

export const PREVIEW_CACHE_SECONDS = 3600;
export const PREVIEW_FAILURE_CACHE_SECONDS = 300;
export const EMBEDDING_BATCH_LIMIT = 2048;

/** Storage keys. Auth keys use Atrium's own prefix plus a namespace suffix. */
export const STORAGE_KEYS = {
  accessToken: "__atriumAuthJWT",
  refreshToken: "__atriumAuthRefreshToken",
  oauthVerifier: "__atriumAuthOAuthVerifier",
  sidebarOpen: "sidebar-open",
  theme: "theme",
  searchStore: "search-enhanced-store",
  dossierView: "dossier-view",
} as const;

export const DEFAULT_THEME = "dark" as const;
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const LEAVE_PAGE_WARNING = "Are you sure you want to leave? Your changes may not be saved.";

export const ROLES = ["Member", "OrganizationAdmin"] as const;
export type Role = (typeof ROLES)[number];
