/** A link that opens Chat Groups with its New Group dialog open (the command palette's action). */
export const NEW_GROUP_PARAM = 'new';
export const newGroupHref = `/chat-groups?${NEW_GROUP_PARAM}=group`;
