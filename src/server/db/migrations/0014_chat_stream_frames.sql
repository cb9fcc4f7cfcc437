CREATE TABLE "chat_stream_frames" (
	"stream_id" text NOT NULL,
	"seq" integer NOT NULL,
	"thread_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"frames" text NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_stream_frames_stream_id_seq_pk" PRIMARY KEY("stream_id","seq")
);
--> statement-breakpoint
CREATE INDEX "chat_stream_frames_created_idx" ON "chat_stream_frames" USING btree ("created_at");