import Brain from "lucide-react/icons/brain";
import Check from "lucide-react/icons/check";
import ChevronDown from "lucide-react/icons/chevron-down";
import Cpu from "lucide-react/icons/cpu";
import { DropdownMenu as Menu } from "radix-ui";
import type { ModelInfo } from "#shared/schemas/chat.ts";
import { cn } from "../../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";

const PROVIDER_NAMES: Record<string, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  bedrock: "Amazon Bedrock",
  vertex: "Google Vertex AI",
  google: "Google Gemini",
  gemini: "Google Gemini",
  compatible: "Local models",
};

export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider;
}

interface ModelSelectorProps {
  models: ModelInfo[];
  value: string | null;
  onChange: (modelId: string) => void;
  disabled?: boolean;
}

/** Which model answers: the offered models grouped by provider; reasoning models marked. */
export function ModelSelector({ models, value, onChange, disabled }: ModelSelectorProps) {
  const selected = models.find((model) => model.id === value);
  const groups = new Map<string, ModelInfo[]>();
  for (const model of models) {
    const list = groups.get(model.provider) ?? [];
    list.push(model);
    groups.set(model.provider, list);
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        disabled={disabled}
        aria-label={selected ? `Model: ${selected.label}` : "Choose a model"}
        data-testid="model-select"
        className={cn(
          "inline-flex h-8 max-w-56 items-center gap-1.5 rounded-lg px-2.5 font-medium text-[13px] text-muted-foreground outline-none",
          "transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
          "disabled:pointer-events-none disabled:opacity-50 data-[state=open]:bg-accent data-[state=open]:text-foreground",
        )}
      >
        <Cpu aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="truncate" data-testid="model-select-label">
          {selected?.label ?? "Choose a model"}
        </span>
        <ChevronDown aria-hidden="true" className="size-3.5 shrink-0 opacity-70" />
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="max-h-96 w-72 overflow-y-auto">
        {[...groups.entries()].map(([provider, list], index) => (
          <div key={provider}>
            {index > 0 ? <DropdownMenuSeparator /> : null}
            <DropdownMenuLabel>{providerName(provider)}</DropdownMenuLabel>
            <Menu.RadioGroup value={value ?? ""} onValueChange={onChange}>
              {list.map((model) => (
                <Menu.RadioItem
                  key={model.id}
                  value={model.id}
                  data-testid={`model-option-${model.id}`}
                  className={cn(
                    "relative flex cursor-default select-none items-center gap-2 rounded-md py-1.5 pr-8 pl-2 text-[13px] outline-none",
                    "focus:bg-accent focus:text-accent-foreground",
                  )}
                >
                  <span className="min-w-0 flex-1 truncate">{model.label}</span>
                  {model.reasoning ? (
                    <span className="inline-flex items-center gap-1 rounded bg-primary/12 px-1.5 py-0.5 text-[10.5px] text-primary">
                      <Brain aria-hidden="true" className="size-3" />
                      Reasoning
                    </span>
                  ) : null}
                  <Menu.ItemIndicator className="absolute right-2 flex items-center">
                    <Check aria-hidden="true" className="size-4" />
                  </Menu.ItemIndicator>
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          </div>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
