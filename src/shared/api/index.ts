import * as auth from "./auth.ts";
import * as documents from "./documents.ts";
import * as folders from "./folders.ts";
import * as messages from "./messages.ts";
import * as models from "./models.ts";
import * as prompts from "./prompts.ts";
import * as setup from "./setup.ts";
import * as shares from "./shares.ts";
import * as threads from "./threads.ts";
import * as users from "./users.ts";

/**
 * Every backend function contract, addressed as `api.users.getMe`. The server
 * must implement each one (checked at start-up and by a test).
 */
export const api = {
  auth: { signIn: auth.signIn, signOut: auth.signOut },
  setup: { status: setup.setupStatus, complete: setup.completeSetup },
  users: {
    getMe: users.getMe,
    updateProfile: users.updateProfile,
    changePassword: users.changePassword,
  },
  folders: {
    getAll: folders.getAll,
    getSubfolders: folders.getSubfolders,
    getFolderIdByFullSlugPath: folders.getFolderIdByFullSlugPath,
    getRemovalSummary: folders.getRemovalSummary,
    create: folders.create,
    rename: folders.rename,
    move: folders.move,
    remove: folders.remove,
    setFavorite: folders.setFavorite,
    listFavorites: folders.listFavorites,
  },
  documents: {
    list: documents.list,
    get: documents.get,
    getMany: documents.getMany,
    search: documents.search,
    rename: documents.rename,
    move: documents.move,
    remove: documents.remove,
    retry: documents.retry,
    setFavorite: documents.setFavorite,
    listFavorites: documents.listFavorites,
  },
  shares: {
    listForEntity: shares.listForEntity,
    set: shares.set,
    remove: shares.remove,
    listSharedWithMe: shares.listSharedWithMe,
    listShareableMembers: shares.listShareableMembers,
  },
  threads: {
    list: threads.list,
    getThread: threads.getThread,
    getThreadDocumentsOptional: threads.getThreadDocumentsOptional,
    create: threads.create,
    rename: threads.rename,
    setModel: threads.setModel,
    remove: threads.remove,
    attachDocuments: threads.attachDocuments,
    detachDocument: threads.detachDocument,
  },
  messages: { getThreadMessagesOptional: messages.getThreadMessagesOptional },
  models: {
    list: models.list,
    choose: models.choose,
    setOrganizationDefault: models.setOrganizationDefault,
  },
  prompts: {
    listPrompts: prompts.listPrompts,
    listCategories: prompts.listCategories,
    createCategory: prompts.createCategory,
    create: prompts.create,
    update: prompts.update,
    archive: prompts.archive,
    reorder: prompts.reorder,
    listAdmin: prompts.listAdmin,
    setArchived: prompts.setArchived,
  },
};
