/**
 * What the app gives the modules (modules/kit/host.ts; docs/architecture.md §Rooms: a module folder never imports `app/`): the renderer of the modules nested in a container panel's slots (ModuleRenderer.tsx)
 * and the browser's API client (../api.ts). Rendered once, inside AppProviders (App.tsx), so the
 * visitor site, the console, the editor and the server renderer (entry-server.tsx) all provide them.
 */
import type { ReactNode } from 'react';
import { HostApiContext, ModuleRendererContext, type RenderModule } from '@modules/kit/host';
import { hostApi } from '../api';
import { ModuleRenderer } from './ModuleRenderer';

/** A nested module rendered by {@link ModuleRenderer} (its boot pages, if any, from the home page's boot data). */
const renderModule: RenderModule = (props) => <ModuleRenderer {...props} />;

/** Provides the module renderer and the API client to the modules below `children`. */
export function ModuleHost({ children }: { children: ReactNode }) {
  return (
    <HostApiContext.Provider value={hostApi}>
      <ModuleRendererContext.Provider value={renderModule}>{children}</ModuleRendererContext.Provider>
    </HostApiContext.Provider>
  );
}
