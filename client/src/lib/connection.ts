// Redux slice holding the state of the realtime socket, so the UI can tell live from offline.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ConnectionStatus = 'connecting' | 'live' | 'offline';

export interface ConnectionState {
  status: ConnectionStatus;
}

const initialState: ConnectionState = { status: 'connecting' };

export const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    connectionStatusChanged(state, action: PayloadAction<ConnectionStatus>) {
      state.status = action.payload;
    },
  },
  selectors: {
    selectConnectionStatus: (state) => state.status,
  },
});

export const { connectionStatusChanged } = connectionSlice.actions;
export const { selectConnectionStatus } = connectionSlice.selectors;
