import * as adminAudit from "./admin-audit.ts";
import * as adminLooks from "./admin-looks.ts";
import * as adminOrganizations from "./admin-organizations.ts";
import * as adminStats from "./admin-stats.ts";
import * as adminSupport from "./admin-support.ts";
import * as adminUsers from "./admin-users.ts";
import * as auth from "./auth.ts";
import * as documents from "./documents.ts";
import * as drafts from "./drafts.ts";
import * as folders from "./folders.ts";
import * as invitations from "./invitations.ts";
import * as members from "./members.ts";
import * as messages from "./messages.ts";
import * as models from "./models.ts";
import * as moduleExecutions from "./module-executions.ts";
import * as modules from "./modules.ts";
import * as notifications from "./notifications.ts";
import * as organizations from "./organizations.ts";
import * as prompts from "./prompts.ts";
import * as setup from "./setup.ts";
import * as shares from "./shares.ts";
import * as signInPolicy from "./sign-in-policy.ts";
import * as support from "./support.ts";
import * as tables from "./tables.ts";
import * as threads from "./threads.ts";
import * as twoFactor from "./two-factor.ts";
import * as users from "./users.ts";
import * as voice from "./voice.ts";
import * as workflows from "./workflows.ts";

/**
 * Every backend function contract, addressed as `api.users.getMe`. The server
 * must implement each one (checked at start-up and by a test).
 */
export const api = {
  auth: { signIn: auth.signIn, signOut: auth.signOut, signInOptions: auth.signInOptions },
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
    // Search and tags (decision 031)
    listTags: documents.listTags,
    setTags: documents.setTags,
    suggest: documents.suggest,
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
  modules: {
    getModulesWithCategories: modules.getModulesWithCategories,
    getBySlug: modules.getBySlug,
    listCategories: modules.listCategories,
    createCategory: modules.createCategory,
    listOrganizationOptions: modules.listOrganizationOptions,
    listAdmin: modules.listAdmin,
    getAdmin: modules.getAdmin,
    checkSlug: modules.checkSlug,
    create: modules.create,
    update: modules.update,
    rotateSecret: modules.rotateSecret,
    archive: modules.archive,
    restore: modules.restore,
    listAdminExecutions: modules.listAdminExecutions,
    run: modules.run,
    getModuleExecutionById: modules.getModuleExecutionById,
    cancelExecution: modules.cancelExecution,
    listExecutions: modules.listExecutions,
    getExecutionDraft: moduleExecutions.getExecutionDraft,
  },
  drafts: {
    list: drafts.list,
    get: drafts.get,
    listVersions: drafts.listVersions,
    update: drafts.update,
    saveToDossier: drafts.saveToDossier,
    discard: drafts.discard,
    regenerate: drafts.regenerate,
  },
  organizations: {
    getCurrent: organizations.getCurrent,
    update: organizations.update,
    getUsage: organizations.getUsage,
  },
  members: { list: members.list, setRole: members.setRole, remove: members.remove },
  invitations: {
    create: invitations.create,
    list: invitations.list,
    resend: invitations.resend,
    revoke: invitations.revoke,
    get: invitations.get,
    accept: invitations.accept,
    acceptExisting: invitations.acceptExisting,
  },
  notifications: {
    list: notifications.list,
    unreadCount: notifications.unreadCount,
    markRead: notifications.markRead,
    markAllRead: notifications.markAllRead,
    getPreferences: notifications.getPreferences,
    setPreferences: notifications.setPreferences,
  },
  support: {
    create: support.create,
    listMine: support.listMine,
    get: support.get,
    reply: support.reply,
  },
  voice: { getSettings: voice.getSettings, updateSettings: voice.updateSettings },
  workflows: {
    list: workflows.list,
    getBySlug: workflows.getBySlug,
    getPermissions: workflows.getPermissions,
    setMembersCanCreate: workflows.setMembersCanCreate,
    create: workflows.create,
    update: workflows.update,
    archive: workflows.archive,
    run: workflows.run,
    getRun: workflows.getRun,
    listRuns: workflows.listRuns,
    cancelRun: workflows.cancelRun,
    retryStep: workflows.retryStep,
    testStep: workflows.testStep,
  },
  tables: {
    list: tables.list,
    get: tables.get,
    getCell: tables.getCell,
    create: tables.create,
    rename: tables.rename,
    remove: tables.remove,
    addDocuments: tables.addDocuments,
    addFolder: tables.addFolder,
    addColumn: tables.addColumn,
    updateColumn: tables.updateColumn,
    removeRow: tables.removeRow,
    removeColumn: tables.removeColumn,
    setCell: tables.setCell,
    fill: tables.fill,
    cancel: tables.cancel,
    listShares: tables.listShares,
    share: tables.share,
    unshare: tables.unshare,
    getChanges: tables.getChanges,
  },
  admin: {
    users: {
      list: adminUsers.list,
      get: adminUsers.get,
      listOrganizations: adminUsers.listOrganizations,
      create: adminUsers.create,
      update: adminUsers.update,
      setDisabled: adminUsers.setDisabled,
      signOutEverywhere: adminUsers.signOutEverywhere,
    },
    organizations: {
      list: adminOrganizations.list,
      create: adminOrganizations.create,
      update: adminOrganizations.update,
      suspend: adminOrganizations.suspend,
      restore: adminOrganizations.restore,
    },
    stats: adminStats.stats,
    // Superadmin looks, the audit log and the support inbox (decision 024).
    dossier: {
      listOrganizations: adminLooks.listOrganizations,
      list: adminLooks.listFolder,
      getDocument: adminLooks.getDocument,
    },
    chat: { listThreads: adminLooks.listThreads, getThread: adminLooks.getThread },
    audit: { list: adminAudit.list, listActions: adminAudit.listActions },
    support: { list: adminSupport.list, close: adminSupport.close, reopen: adminSupport.reopen },
  },
  audit: { listLooksAtMe: adminAudit.listLooksAtMe },
  // Sign-in methods (decision 030)
  signInPolicy: { get: signInPolicy.get, update: signInPolicy.update },
  twoFactor: {
    status: twoFactor.status,
    beginSetup: twoFactor.beginSetup,
    confirmSetup: twoFactor.confirmSetup,
    disable: twoFactor.disable,
    regenerateRecoveryCodes: twoFactor.regenerateRecoveryCodes,
  },
};
