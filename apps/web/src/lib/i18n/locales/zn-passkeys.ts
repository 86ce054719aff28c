import type { enPasskeysScreens } from './en-passkeys';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export const znPasskeysScreens: Widen<typeof enPasskeysScreens> = {
  passkeys: {
    title: '通行金鑰',
    menuLabel: '通行金鑰',
    intro: '通行金鑰讓您以指紋、臉部或螢幕鎖定代替密碼登入，並代替驗證碼確認提款及其他資金操作。',
    empty: '尚未新增通行金鑰。',
    add: '新增通行金鑰',
    addTitle: '新增通行金鑰',
    name: '名稱',
    namePlaceholder: '例如：我的手機',
    addSubmit: '繼續',
    added: '已新增通行金鑰',
    created: '新增於 {{time}}',
    lastUsed: '上次使用 {{time}}',
    neverUsed: '從未使用',
    synced: '已同步',
    rename: '重新命名',
    renameTitle: '重新命名通行金鑰',
    renamed: '已重新命名通行金鑰',
    save: '儲存',
    remove: '移除',
    removeTitle: '移除「{{name}}」？',
    removeText:
      '請輸入登入密碼，再以通行金鑰（包括此金鑰）確認，或在已開啟兩步驗證時輸入驗證器應用程式的驗證碼。移除後將無法再用它登入。',
    removeCode: '驗證碼或備用碼',
    removeCodePlaceholder: '6 位數字或備用碼',
    removeWithPasskey: '接著需以一把通行金鑰（此金鑰或其他金鑰）確認。',
    removed: '已移除通行金鑰',
    count: '已登記 {{count}} 個',
    sheetUse: '使用通行金鑰',
    sheetOr: '或輸入驗證碼',
    sheetNote: '請以通行金鑰（指紋、臉部或螢幕鎖定）確認。',
  },
};
