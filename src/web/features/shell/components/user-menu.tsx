import { Link } from "@tanstack/react-router";
import ChevronsUpDown from "lucide-react/icons/chevrons-up-down";
import LifeBuoy from "lucide-react/icons/life-buoy";
import LogOut from "lucide-react/icons/log-out";
import UserRound from "lucide-react/icons/user-round";
import type { Theme } from "#shared/constants.ts";
import type { User } from "#shared/schemas/user.ts";
import { useThemeStore } from "../../../components/settings/theme-store.ts";
import { THEME_OPTIONS } from "../../../components/theme/theme-picker.tsx";
import { Avatar, initialsOf } from "../../../components/ui/avatar.tsx";
import { cn } from "../../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useAuthClient } from "../../../lib/auth/auth-context.ts";
import { signOutToSignInPage } from "../../../lib/auth/sign-out.ts";

const isTheme = (value: string): value is Theme => THEME_OPTIONS.some((o) => o.value === value);

/** Avatar, name and e-mail; opens Account, the theme choice and Sign out. */
export function UserMenu({ open, user }: { open: boolean; user: User | undefined }) {
  const auth = useAuthClient();
  const theme = useThemeStore((s) => s.theme);
  const setTheme = useThemeStore((s) => s.setTheme);
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : "";

  // A full load of the light sign-in page: nothing of the session stays in memory.
  const onSignOut = () => signOutToSignInPage(auth);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={user ? `Account menu for ${name}` : "Account menu"}
        data-testid="user-menu-trigger"
        className={cn(
          "flex w-full items-center gap-2.5 rounded-md p-1.5 text-left outline-none transition-colors",
          "hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-sidebar-accent",
          !open && "justify-center",
          open && "max-md:justify-center",
        )}
      >
        {user ? (
          <Avatar
            initials={initialsOf(user.firstName, user.lastName, user.email)}
            className="size-7"
          />
        ) : (
          <Skeleton className="size-7 rounded-full" />
        )}
        <span className={cn("hidden min-w-0 flex-1 leading-tight", open && "md:block")}>
          {user ? (
            <>
              <span
                className="block truncate font-medium text-[13px] text-foreground"
                data-testid="user-menu-name"
              >
                {name}
              </span>
              <span className="block truncate text-[11.5px] text-muted-foreground">
                {user.email}
              </span>
            </>
          ) : (
            <Skeleton className="h-3.5 w-28" />
          )}
        </span>
        <ChevronsUpDown
          aria-hidden="true"
          className={cn("hidden size-4 text-muted-foreground", open && "md:block")}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="w-60">
        {user ? (
          <DropdownMenuLabel className="font-normal">
            <span className="block truncate font-medium text-foreground text-[13px]">{name}</span>
            <span className="block truncate">{user.email}</span>
          </DropdownMenuLabel>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account" data-testid="user-menu-account">
            <UserRound aria-hidden="true" />
            Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account/support" data-testid="user-menu-support">
            <LifeBuoy aria-hidden="true" />
            Help & support
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(v) => isTheme(v) && setTheme(v)}>
          {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
            <DropdownMenuRadioItem
              key={value}
              value={value}
              data-testid={`user-menu-theme-${value}`}
            >
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          onSelect={() => void onSignOut()}
          data-testid="sign-out"
        >
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
