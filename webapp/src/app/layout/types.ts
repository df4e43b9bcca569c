/** A link in the navigation bar. `to` is an app path without locale prefix ("/books"). */
export interface NavLinkItem {
  kind: 'link';
  id: string;
  to: string;
  label: string;
  /** Calls to action (Sign Up) stand out; 'subtle' links (Sign In) are outlined. */
  emphasis?: 'primary' | 'subtle';
  /** Match only the exact path (for "/" style entries). */
  end?: boolean;
}

/** A button in the navigation bar (Log Out). */
export interface NavActionItem {
  kind: 'action';
  id: string;
  label: string;
  onSelect: () => void;
}

/** A dropdown of links (Admin: Users, Feedback, Engagement). */
export interface NavMenuItem {
  kind: 'menu';
  id: string;
  label: string;
  items: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavActionItem | NavMenuItem;
