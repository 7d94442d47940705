/**
 * The shapes of a role's permissions and of the permission layout (`GET /admin/roles/:id/permissions`,
 * `GET /admin/permissions`), apart from the requests so the matrix logic (role-matrix.ts) stands alone.
 */
export interface RolePermission {
  readonly action: string;
  readonly subject: string | null;
  readonly properties: { readonly fields?: readonly string[] };
  readonly conditions: readonly string[];
}

export interface LayoutSubject {
  readonly uid: string;
  readonly label: string;
  readonly properties: readonly { readonly value: string; readonly children: readonly { readonly value: string; readonly label: string; readonly required: boolean }[] }[];
}

export interface LayoutSection {
  readonly subjects: readonly LayoutSubject[];
  readonly actions: readonly { readonly label: string; readonly actionId: string; readonly subjects: readonly string[]; readonly applyToProperties: readonly string[] }[];
}

export interface LayoutAction {
  readonly action: string;
  readonly displayName: string;
  readonly subCategory: string;
  readonly category?: string;
  readonly plugin?: string;
}

export interface PermissionLayout {
  readonly conditions: readonly { readonly id: string; readonly displayName: string }[];
  readonly sections: {
    readonly collectionTypes: LayoutSection;
    readonly singleTypes: LayoutSection;
    readonly plugins: readonly LayoutAction[];
    readonly settings: readonly LayoutAction[];
  };
}
