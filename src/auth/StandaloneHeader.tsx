import type { ReactNode } from 'react';
import { assetUrl } from '../../model/assetUrl';
import type { PageData } from '../../model/pageData';
import { DisplayButton } from '../display';

/** The header of the pages a share shows before its content (login, invitation): the logo, and the Display button and what `children` add at the end. */
export function StandaloneHeader({ pageData, children }: { pageData: PageData; children?: ReactNode }) {
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex h-14 max-w-[1536px] items-center justify-between gap-3 px-4">
        {pageData.settings.logo ? (
          <img src={assetUrl(pageData.api.assets, pageData.settings.logo, 'logo')} alt="" className="h-8 w-auto" />
        ) : (
          <span className="text-lg font-bold text-primary-600">Lernwerk</span>
        )}
        <div className="flex items-center gap-3">
          <DisplayButton />
          {children}
        </div>
      </div>
    </header>
  );
}
