export declare const ICON_SPRITE_SOURCE: string;
export declare function iconSprite(root: string): { source: Buffer; fileName: string; url: string };
