// Types of bundle-sizes.mjs for the TypeScript benchmark that uses it (bench/bundle-size.bench.ts).
export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface RouteSize {
  route: string;
  isPublic: boolean;
  js: Size;
  css: Size;
  files: { js: string[]; css: string[] };
}
export const root: string;
export const PUBLIC_BUDGET_GZIP: number;
export const PUBLIC_CEILING_GZIP: number;
export const ROUTES: { route: string; page: string; isPublic: boolean }[];
export function ensureBuild(): void;
export function routeSizes(): RouteSize[];
export function kB(bytes: number): string;
export function formatTable(sizes: RouteSize[]): string;
