import { Button } from 'react-aria-components/Button';
import { Menu, MenuItem, MenuTrigger } from 'react-aria-components/Menu';
import { Popover } from 'react-aria-components/Popover';
import type { Crumb } from './crumbFit';

/** The middle crumbs of a long trail, behind a "…" menu button. */
export default function CrumbMenu({ crumbs, label }: { crumbs: Crumb[]; label: string }) {
  return (
    <MenuTrigger>
      <Button aria-label={label} className="rounded px-1 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600">
        …
      </Button>
      <Popover className="rounded-md border border-gray-200 bg-white py-1 shadow-lg">
        <Menu className="outline-none">
          {crumbs.map((c) => (
            <MenuItem key={c.to} href={c.to} className="block cursor-pointer px-3 py-1.5 text-sm outline-none data-[focused]:bg-primary-50">
              {c.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
