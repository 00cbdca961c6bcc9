import type { Implement } from '../../api/contract-router.ts';
import { navigationEditState, navigationSave } from './navigation-editor.contract.ts';
import type { NavigationEditorService } from './navigation-editor.service.ts';

export function navigationEditorRoutes(implement: Implement, editor: NavigationEditorService) {
  implement(navigationEditState, (ctx, { params, query }) =>
    editor.editState(ctx, params.id, query.language),
  );
  implement(navigationSave, (ctx, { params, body }) => editor.save(ctx, params.id, body));
}
