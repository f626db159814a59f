import type { AddressDto, AddressInput } from '@nhasach/shared';
import { queryOptions } from '@tanstack/react-query';
import { sessionKey } from '../lib/viewer.ts';
import { api } from './client.ts';

/** The signed-in user's address book (spec section 7, Addresses). */

/** The session's own (lib/viewer.ts): a login or logout drops them with the rest of the session's queries. */
export const addressKeys = { all: (viewer: string) => sessionKey(viewer, 'addresses') };

/** GET /api/v1/address: default first. */
export const fetchAddresses = (signal?: AbortSignal) => api.get<AddressDto[]>('/api/v1/address', undefined, { signal });

/** The address book as the checkout and the account page read it. */
export const addressesQuery = (viewer: string) => queryOptions({ queryKey: addressKeys.all(viewer), queryFn: ({ signal }) => fetchAddresses(signal) });

/** POST /api/v1/address. */
export const createAddress = (body: AddressInput) => api.post<AddressDto>('/api/v1/address', body);

/** PUT /api/v1/address/{id}. */
export const updateAddress = (id: number, body: AddressInput) => api.put<AddressDto>(`/api/v1/address/${id}`, body);

/** PATCH /api/v1/address/{id} with no body: make it the default. */
export const setDefaultAddress = (id: number) => api.patch<AddressDto>(`/api/v1/address/${id}`);

/** DELETE /api/v1/address/{id}. */
export const deleteAddress = (id: number) => api.delete<null>(`/api/v1/address/${id}`);
