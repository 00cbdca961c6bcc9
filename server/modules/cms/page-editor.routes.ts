import type { Implement } from '../../api/contract-router.ts';
import {
  elementCreate,
  elementList,
  elementUpdate,
  pageCreate,
  pageEditState,
  pageSave,
} from './page-editor.contract.ts';
import type { PageEditorService } from './page-editor.service.ts';

export function pageEditorRoutes(implement: Implement, editor: PageEditorService) {
  implement(pageEditState, (ctx, { params }) => editor.editState(ctx, params.id));
  implement(pageSave, (ctx, { params, body }) => editor.save(ctx, params.id, body));
  implement(pageCreate, (ctx, { body }) => editor.create(ctx, body));
  implement(elementCreate, (ctx, { body }) => editor.createElement(ctx, body));
  implement(elementList, (ctx) => editor.listElements(ctx));
  implement(elementUpdate, (ctx, { params, body }) => editor.updateElement(ctx, params.id, body));
}
