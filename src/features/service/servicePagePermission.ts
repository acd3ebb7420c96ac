/** The new and edit pages of a service need `post_adoption_services:update` (spec section 6); saving a new one also `:write`. */
export const servicePagePermission = 'post_adoption_services:update';
