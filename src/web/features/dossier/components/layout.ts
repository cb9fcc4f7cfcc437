/** Shared measures of the dossier's grid and list, so skeletons match the real thing. */

/** Cards at least 200 px wide, as many per row as fit. */
export const GRID_MIN_CARD_WIDTH = 200;
export const GRID_GAP = 16;
export const GRID_CLASS = "grid grid-cols-[repeat(auto-fill,minmax(200px,1fr))] gap-4";

/** kind, Name, Type, Details, Added, Size, Actions. */
export const TABLE_COLUMNS =
  "grid grid-cols-[64px_minmax(0,2.4fr)_minmax(0,1fr)_minmax(0,1.6fr)_112px_84px_40px] gap-x-3";

export const TABLE_ROW_HEIGHT = 52;
