-- Live queries over the dossier and chat tables (see 0001).
SELECT atrium_track_changes('folders', 'organization_id');
--> statement-breakpoint
SELECT atrium_track_changes('documents', 'organization_id');
--> statement-breakpoint
SELECT atrium_track_changes('threads', 'organization_id');
--> statement-breakpoint
SELECT atrium_track_changes('thread_documents', 'organization_id');
--> statement-breakpoint
SELECT atrium_track_changes('messages', 'organization_id');
--> statement-breakpoint
SELECT atrium_track_changes('user_preferences', 'organization_id');
--> statement-breakpoint
SELECT atrium_track_changes('organization_settings', 'organization_id');
