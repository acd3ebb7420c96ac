import { AppLink } from '@/components/AppLink';
import { Icon } from '@/components/Icon';
import { focusRing } from '@/components/ui';

/** A breadcrumb item (spec section 3): a translated text and an optional target. */
export type TBreadcrumbItem = { text: string; to?: string };

/** Items with a target are links, the others plain text (spec section 2 'Lists and breadcrumbs'). */
export const Breadcrumbs = ({ items, label }: { items: TBreadcrumbItem[]; label: string }) => (
  <nav aria-label={label} className="mb-2">
    <ol className="flex flex-wrap items-center gap-1 text-slate-500 text-sm dark:text-slate-400">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a trail is positional, and a record may bear its area's name (the 'Security' menu)
        <li key={`${index}-${item.text}-${item.to ?? ''}`} className="flex items-center gap-1">
          {index > 0 ? <Icon name="chevronRight" className="size-3.5 text-slate-400" /> : null}
          {item.to ? (
            <AppLink
              to={item.to}
              className={`rounded hover:text-primary-700 hover:underline dark:hover:text-primary-300 ${focusRing}`}
            >
              {item.text}
            </AppLink>
          ) : (
            <span aria-current={index === items.length - 1 ? 'page' : undefined}>{item.text}</span>
          )}
        </li>
      ))}
    </ol>
  </nav>
);
