import { notFoundResponse } from '../lib/request-language.ts';

export function loader(): never {
  notFoundResponse();
}

export default function NotFound() {
  return null;
}
