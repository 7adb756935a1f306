/** The display name, else the part of the e-mail before the @, else 'Guest' (docs/product.md#header-and-menu). */
export function displayNameOf(user: { displayName: string | null; email: string | null } | null | undefined): string {
  if (user?.displayName) return user.displayName;
  const local = user?.email?.split('@')[0];
  return local || 'Guest';
}

/** Up to two initials for the avatar fallback. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : name.slice(0, 2)).toUpperCase();
}
