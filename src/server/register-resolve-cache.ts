import { registerResolveCache } from "./resolve-cache.ts";

/** `node --import` this file to register the resolve shortcut before anything loads (decision 038). */
registerResolveCache();
