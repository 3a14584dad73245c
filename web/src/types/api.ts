import type { paths } from './schema';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** Shapes taken from the generated OpenAPI types by path, so schema names may change freely. */
export type CurrentUser = Json<paths['/user/me']['get']['responses'][200]>;
export type LoginResponse = Json<paths['/auth/login']['post']['responses'][200]>;
export type Country = Json<paths['/user/getCountryList']['get']['responses'][200]>[number];
export type UpdateProfileBody = NonNullable<paths['/user/me/update']['put']['requestBody']>['content']['application/json'];
export type MessageResponse = { message: string };
