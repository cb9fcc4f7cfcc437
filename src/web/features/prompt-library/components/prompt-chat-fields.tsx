import { useQuery } from "@tanstack/react-query";
import { cn } from "../../../components/ui/cn.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { modelListOptions } from "../../../lib/shared-queries.ts";

interface PromptChatFieldsProps {
  modelId: string;
  onModelChange: (modelId: string) => void;
  modelError?: string;
  testId: string;
}

/** The model a chat started from the prompt begins with. */
export function PromptChatFields(props: PromptChatFieldsProps) {
  const models = useQuery(modelListOptions());
  const offered = models.data?.models ?? [];
  const unknown = props.modelId !== "" && !offered.some((m) => m.id === props.modelId);
  return (
    <div className="grid gap-4">
      <FormField
        label="Model"
        error={props.modelError}
        description="The chat starts with this model; the member can still change it."
      >
        <select
          value={props.modelId}
          onChange={(event) => props.onModelChange(event.target.value)}
          data-testid={`${props.testId}-model`}
          className={cn(
            "h-9 w-full rounded-md border border-input bg-background/40 px-3 text-sm shadow-xs outline-none",
            "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
          )}
        >
          <option value="">The member's usual model</option>
          {unknown ? (
            <option value={props.modelId}>{props.modelId} (not offered now)</option>
          ) : null}
          {offered.map((model) => (
            <option key={model.id} value={model.id}>
              {model.label}
            </option>
          ))}
        </select>
      </FormField>
    </div>
  );
}
