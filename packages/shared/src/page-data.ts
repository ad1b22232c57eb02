/**
 * Data the server writes into a page's HTML so the app does not ask for it again: the id of the
 * `<script type="application/json">` block holding the storefront read (`StorefrontSnapshot`)
 * on `/{shopId}`.
 */
export const STOREFRONT_SNAPSHOT_ID = "storefront-snapshot";
